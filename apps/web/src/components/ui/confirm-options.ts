/** What a confirmation prompt says; shared by the prompt's hook and its lazily loaded dialog. */
export interface ConfirmOptions {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}
