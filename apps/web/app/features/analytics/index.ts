/** Issue 27 point 2: delivery analytics (rate and failure reasons by day, campaign, sender, operator) and a number's history. */
export { DeliveryAnalytics } from "./components/delivery-analytics";
export { NumberHistory } from "./components/number-history";
