/**
 * The ALTCHA widget, loaded in the browser only (Challenge.tsx imports this module on demand):
 * the build without bundled workers (`altcha/external`) and its stylesheet, with the PBKDF2 worker
 * emitted by Vite as our own file — so the Content-Security-Policy stays `worker-src 'self'` and
 * nothing comes from a third party (SEC-CHALLENGE). Russian and Spanish strings come with the
 * package (English is built in).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/ru';
import 'altcha/i18n/es-es'; // chosen for language="es" by its prefix
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// Our challenges use PBKDF2/SHA-256 only (api/src/platform/security/challenge.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
