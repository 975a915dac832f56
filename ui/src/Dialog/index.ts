export { Dialog, DialogActions, DialogClose, type DialogProps } from './Dialog';
