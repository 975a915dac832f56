/**
 * Social sign-in on /auth (AUTH-SOCIAL; `GET {api}/auth/{provider}/login` is a browser
 * redirect): an "Or continue with" divider and
 * one button-styled link per enabled provider of the page data (none at all when no provider is
 * enabled), named "Continue with <provider>".
 *
 * Each is a real `<a href>`. The device token exists only in the browser, so the server (and the
 * hydrating render) write the address without it and with a site-path callback; after hydration
 * the href carries the absolute /loading callback and the device token, and a plain click builds
 * the same address at that moment and goes there with `location.assign` (noting the provider for
 * the /loading page's messages).
 */
import { Button } from '@studio/ui';
import type { MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthProviderId } from '@studio/site/ssr';
import { useAppContext } from '../../app/context';
import { useHydrated } from '../../app/useHydrated';
import { localePrefix } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { socialCallbackUrl, socialLoginUrl } from '../../session/authApi';
import { providerName, rememberSocialProvider } from './social';
import { useLeavingFor } from './useLeavingFor';
import styles from './SocialButtons.module.css';

/** Whether a click asks for something other than following the link here (new tab, window, download). */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** The divider and provider links; `returnPath` is the local path to land on after signing in, e.g. `/ru/profile`. */
export function SocialButtons(props: { returnPath: string }) {
  const { authProviders } = useAppContext();
  const intl = useIntl();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [pending, setPending] = useLeavingFor();

  if (!authProviders.length) return null;

  /** The login address: in the browser with the device token, while rendering on the server without. */
  const href = (id: AuthProviderId, browser: boolean) =>
    socialLoginUrl(id, {
      callbackUrl: browser ? socialCallbackUrl(locale, window.location.origin) : `${localePrefix(locale)}/loading`,
      returnPath: props.returnPath,
      deviceToken: browser ? undefined : null,
    });

  function onClick(event: MouseEvent<HTMLAnchorElement>, id: AuthProviderId) {
    if (pending) return event.preventDefault(); // already on the way to a provider
    rememberSocialProvider(id);
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setPending(id);
    window.location.assign(href(id, true));
  }

  return (
    <div className={styles.social} data-testid="social-sign-in">
      <p className={styles.divider}>
        <FormattedMessage id="social.divider" />
      </p>
      <ul className={styles.list}>
        {authProviders.map((provider) => (
          <li key={provider.id}>
            <Button asChild variant="secondary" loading={pending === provider.id} className={styles.button}>
              <a href={href(provider.id, hydrated)} onClick={(event) => onClick(event, provider.id)} data-provider={provider.id}>
                <FormattedMessage id="social.continueWith" values={{ provider: providerName(intl, provider.id, authProviders) }} />
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
