/**
 * The device token the server keys refresh-token families by (one family per device).
 * Derived from the browser user agent (SESSION-DEVICE) plus a random install id kept in
 * localStorage, so two browsers with the same user agent are still two devices:
 * e.g. `Chrome-3f9a0c1e…`.
 */
const STORAGE_KEY = 'studio.device';

function browserFamily(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Browser';
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stable device token of this browser profile. */
export function getDeviceToken(): string {
  let installId: string | null = null;
  try {
    installId = localStorage.getItem(STORAGE_KEY);
    if (!installId) {
      installId = randomId();
      localStorage.setItem(STORAGE_KEY, installId);
    }
  } catch {
    installId ??= randomId(); // storage disabled: a per-page-load device
  }
  return `${browserFamily(navigator.userAgent)}-${installId}`;
}
