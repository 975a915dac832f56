/**
 * A QR code drawn as inline SVG from `uqr`'s module matrix (ACC-2FA: the authenticator's
 * `otpauth://` URI). One path of dark squares with a quiet zone; no markup injected, so the
 * Content-Security-Policy stays as it is. The `label` names it for assistive technology.
 */
import { encode } from 'uqr';

export function QrCode(props: { value: string; label: string; size?: number }) {
  const { data, size } = encode(props.value, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${size} ${size}`}
      width={props.size ?? 192}
      height={props.size ?? 192}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
