import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigate } from '@/lib/navigation';

/** Hands the router's navigate to the API client, which lives outside React. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to, options) => void navigate(to, options)), [navigate]);
  return null;
}
