import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { reloadPage } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { clearSession } from '@/lib/session';
import { useDeleteAccount } from '../api/profile-api';

export const DELETE_TEXT = {
  confirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleted: 'Account deleted successfully',
  failedPrefix: 'Failed to delete account: ',
  failed: 'Failed to delete account. Please try again.',
  warning: 'Once you delete your account, there is no going back. Please be certain.',
} as const;

export function DangerZone() {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const remove = useDeleteAccount();

  const onDelete = async () => {
    const ok = await confirm({ title: 'Delete Account', description: DELETE_TEXT.confirm, confirmLabel: 'Delete Account', destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync();
    } catch (err) {
      notify.error(err instanceof ApiError && err.message ? DELETE_TEXT.failedPrefix + err.message : DELETE_TEXT.failed);
      return;
    }
    // The message outlives the reload; the session is gone before it (specification section 8).
    notify.afterReload(DELETE_TEXT.deleted);
    clearSession();
    navigate(paths.home, { replace: true });
    reloadPage();
  };

  return (
    <section aria-labelledby="account-settings" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="account-settings" className="text-xl font-semibold">
        Account Settings
      </h2>
      <div className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
        <h3 className="font-semibold text-red-800">Danger Zone</h3>
        <p className="mt-1 text-sm text-red-900">{DELETE_TEXT.warning}</p>
        <Button variant="danger" className="mt-4" onClick={onDelete} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Account'}
        </Button>
      </div>
    </section>
  );
}
