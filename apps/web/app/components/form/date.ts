/** The date and time pickers, apart from the `~/components/form` barrel: see its note. */
export { DatePicker } from "./date-picker";
export { DateRangePicker } from "./date-range-picker";
export { type DateRangeValue, todayInBangkok } from "./date-utils";
