/** The date and time pickers, apart from the `~/components/form` barrel: see its note. */
export { DatePicker, type DatePickerProps } from "./date-picker";
export { DateRangePicker, type DateRangePickerProps } from "./date-range-picker";
export { BUDDHIST_LOCALE, type DateRangeValue, todayInBangkok } from "./date-utils";
