import { LogOut } from 'lucide-react';
import { useSignOut } from '../../features/auth/use-sign-out';
import { Avatar } from '../../ui/avatar';

/**
 * The header's status while signed in: the name, and selecting it signs out. A chunk of its own
 * (header.tsx) because signing out needs the HTTP client, which a guest's first page does not.
 */
export default function SignOutButton({ name, label, avatarUrl }: { name: string; label: string; avatarUrl: string }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="status-button"
      aria-label={label}
      title={label}
      onClick={() => {
        void signOut();
      }}
    >
      {avatarUrl && <Avatar name={name} url={avatarUrl} className="tiny" />}
      <span className="status-text" data-user-text>
        {name}
      </span>
      <LogOut aria-hidden size={18} className="flip-rtl" />
    </button>
  );
}
