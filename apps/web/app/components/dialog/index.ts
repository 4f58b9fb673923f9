/** Shared dialogs: the modal frame, the "are you sure?" confirmation, a decision that takes a text, an image looked at in place. */
export { ConfirmDialog } from "./confirm-dialog";
export { ImageDialog } from "./image-dialog";
export { MODAL_OVERLAY_CLASS, ModalFrame } from "./modal-frame";
export { TextDialog } from "./text-dialog";
