/**
 * A question before a step that cannot be undone, as react-admin's `Confirm` asks it (title, text, «cancel»
 * and «confirm» with their icons, the confirmation focused), for the frame's parts that render without
 * react-admin: the top bar's check-in on «Escanear» opened on a phone (LightApp.tsx).
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  content: ReactNode;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ isOpen, title, content, confirm, cancel, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>{typeof content === 'string' ? <DialogContentText>{content}</DialogContentText> : content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} startIcon={<ErrorOutline />}>{cancel}</Button>
        <Button onClick={onConfirm} startIcon={<CheckCircle />} autoFocus>{confirm}</Button>
      </DialogActions>
    </Dialog>
  );
}
