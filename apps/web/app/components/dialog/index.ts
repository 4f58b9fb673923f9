/** Shared dialogs: the modal frame and the "are you sure?" confirmation. */
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export { ModalFrame, type ModalFrameProps } from "./modal-frame";
