import { LineIcon } from '@/components/ui/line-icon';

// The header is part of every first view, so its icons are inline paths rather than lucide-react.
export const CarIcon = ({ className }: { className?: string }) => (
  <LineIcon className={className}>
    <path d="M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2" />
    <circle cx="7" cy="17" r="2" />
    <path d="M9 17h6" />
    <circle cx="17" cy="17" r="2" />
  </LineIcon>
);

export const MenuIcon = () => (
  <LineIcon>
    <path d="M4 5h16M4 12h16M4 19h16" />
  </LineIcon>
);

export const CloseIcon = () => (
  <LineIcon>
    <path d="M18 6 6 18M6 6l12 12" />
  </LineIcon>
);

export const LogOutIcon = () => (
  <LineIcon className="h-4 w-4">
    <path d="m16 17 5-5-5-5M21 12H9M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
  </LineIcon>
);
