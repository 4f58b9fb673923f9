/** Shared dialogs: the modal frame, the "are you sure?" confirmation and a decision that takes a text. */
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export { ModalFrame, type ModalFrameProps } from "./modal-frame";
export { TextDialog, type TextDialogProps } from "./text-dialog";
