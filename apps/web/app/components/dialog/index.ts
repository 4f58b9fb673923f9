/** Shared dialogs: the modal frame, the "are you sure?" confirmation, a decision that takes a text, an image looked at in place. */
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export { ImageDialog, type ImageDialogProps } from "./image-dialog";
export { ModalFrame, type ModalFrameProps } from "./modal-frame";
export { TextDialog, type TextDialogProps } from "./text-dialog";
