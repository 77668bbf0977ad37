import { Button } from './button';
import type { ConfirmOptions } from './confirm-options';
import { Dialog } from './dialog';

export default function ConfirmDialog({ options, onClose }: { options: ConfirmOptions | null; onClose(ok: boolean): void }) {
  return (
    <Dialog
      open={options !== null}
      onOpenChange={(open) => !open && onClose(false)}
      title={options?.title ?? ''}
      description={options?.description}
    >
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onClose(false)}>
          {options?.cancelLabel ?? 'Cancel'}
        </Button>
        <Button variant={options?.destructive ? 'danger' : 'primary'} onClick={() => onClose(true)}>
          {options?.confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </Dialog>
  );
}
