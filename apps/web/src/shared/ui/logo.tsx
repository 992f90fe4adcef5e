import { useState } from 'react';
import { useConfigValue } from '../config/config-store';

/** The built-in mark, used when the configured logo is missing or fails to load. */
function KabutoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--adm-color-primary)" />
      <path d="M14 38c0-11 8-20 18-20s18 9 18 20z" fill="#fff" />
      <path d="M10 40h44v5H10z" fill="#fff" />
      <path d="M32 8l4 10h-8z" fill="#ffd34d" />
      <path d="M20 18l-6-8 10 5zM44 18l6-8-10 5z" fill="#ffd34d" />
    </svg>
  );
}

/** The configured logo (config `logo`, SPEC §4) or the built-in mark. */
export function Logo({ size = 64 }: { size?: number }) {
  const configured = useConfigValue('logo');
  const [failed, setFailed] = useState(false);
  if (!configured || failed) return <KabutoMark size={size} />;
  // A logo path is relative to the site root; the app itself may be served from a sub path.
  const src = configured.startsWith('/') ? `.${configured}` : configured;
  return (
    <img className="kb-logo" src={src} width={size} height={size} alt="" onError={() => setFailed(true)} />
  );
}
