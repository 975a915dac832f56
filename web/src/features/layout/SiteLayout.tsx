/**
 * The one shared layout (SITE-PAGES), built from @studio/ui: the sticky SiteHeader (skip link,
 * brand, primary navigation, language select, theme toggle, sign-in or the user menu), the
 * page, and the SiteFooter (link columns, language links that work without script, legal line).
 * On phones the header's menu button opens the navigation and the languages by their full names
 * (a disclosure that works without script, SITE-DELIVERY; SITE-LOCALES).
 * On an HTML-first page (SITE-DELIVERY) the header is rendered for everyone alike and the main
 * island brings it to life: both account variants are in the page (the signed-in one hidden), the
 * language select is a disclosure of links, and the theme switch is flipped by the island.
 */
import { BrandMark, Link as UiLink, SiteFooter, SiteHeader, ThemeToggle } from '@studio/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useAppContext } from '../../app/context';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { UpdateTextsBlock } from '../../sw/UpdateTextsBlock';
import { useTheme } from '../../theme/ThemeProvider';
import { ButtonLink } from '../../app/links';
import { LanguageLinks, LanguageList, LanguageMenu, LanguageSelect } from './LanguageSwitcher';
import { useRouteFocus } from './routeFocus';
import { DocumentNotice, DocumentUserMenu, UserMenu } from './UserMenu';
import { signInPath } from '../../session/returnTo';
import styles from './SiteLayout.module.css';

const NAV = [
  { path: '/products', id: 'nav.products' },
  { path: '/how', id: 'nav.how' },
  { path: '/team', id: 'nav.team' },
  { path: '/news', id: 'nav.news' },
] as const;

const FOOTER = [
  {
    title: 'footer.company',
    links: [
      ['/how', 'nav.how'],
      ['/team', 'nav.team'],
      ['/culture', 'nav.culture'],
      ['/techs', 'nav.techs'],
    ],
  },
  {
    title: 'footer.product',
    links: [
      ['/products', 'nav.products'],
      ['/news', 'nav.news'],
      ['/faq', 'nav.faq'],
      ['/order', 'nav.order'],
    ],
  },
  { title: 'footer.legal', links: [['/privacy', 'nav.privacy']] },
] as const;

/**
 * A document's account actions: "Sign in" (the island adds the page as `?next=`, AUTH-RETURN), and
 * the user menu, hidden until the main island finds a session cookie (islands/session.ts).
 */
function DocumentAccountActions() {
  return (
    <>
      <span data-session="signed-out" className={styles.sessionGroup}>
        <ButtonLink to="/auth" variant="secondary" size="sm">
          <FormattedMessage id="nav.signIn" />
        </ButtonLink>
      </span>
      <span data-session="signed-in" className={styles.sessionGroup} hidden>
        <DocumentUserMenu />
      </span>
      <DocumentNotice />
    </>
  );
}

/** The app's account actions: "Sign in" back to this page (AUTH-RETURN), or the user menu (NAV-USER-MENU). */
function AccountActions() {
  const session = useSession();
  const location = useLocation();
  if (!session.signedIn) {
    return (
      <ButtonLink to={signInPath(location.pathname + location.search)} variant="secondary" size="sm">
        <FormattedMessage id="nav.signIn" />
      </ButtonLink>
    );
  }
  return <UserMenu />;
}

function ThemeSwitch() {
  const intl = useIntl();
  const { theme, setTheme } = useTheme();
  return <ThemeToggle size="sm" theme={theme} onThemeChange={setTheme} label={intl.formatMessage({ id: 'theme.dark' })} data-island="theme" />;
}

function Header() {
  const intl = useIntl();
  const { siteName, delivery } = useAppContext();
  const to = useLocalizePath();
  return (
    <SiteHeader
      skipLink={{ href: '#main', label: intl.formatMessage({ id: 'nav.skipToContent' }) }}
      brand={
        <Link to={to('/')} title={intl.formatMessage({ id: 'nav.brandHome' }, { site: siteName })}>
          <BrandMark name={siteName} />
        </Link>
      }
      navigationLabel={intl.formatMessage({ id: 'nav.primary' })}
      navigation={NAV.map((item) => (
        <UiLink key={item.path} asChild variant="nav">
          <NavLink to={to(item.path)}>
            <FormattedMessage id={item.id} />
          </NavLink>
        </UiLink>
      ))}
      menuLabel={intl.formatMessage({ id: 'nav.menu' })}
      menuExtras={<LanguageList />}
      tools={delivery === 'document' ? <LanguageMenu /> : <LanguageSelect />}
      actions={
        <div className={styles.actions}>
          <ThemeSwitch />
          {delivery === 'document' ? <DocumentAccountActions /> : <AccountActions />}
        </div>
      }
    />
  );
}

function Footer() {
  const intl = useIntl();
  const { siteName, year } = useAppContext();
  const to = useLocalizePath();
  return (
    <SiteFooter
      brand={<BrandMark name={siteName} />}
      tagline={<FormattedMessage id="footer.tagline" />}
      columns={FOOTER.map((column) => ({
        title: intl.formatMessage({ id: column.title }),
        links: column.links.map(([path, id]) => (
          <UiLink key={path} asChild variant="subtle">
            <Link to={to(path)}>
              <FormattedMessage id={id} />
            </Link>
          </UiLink>
        )),
      }))}
      tools={<LanguageLinks />}
      legal={
        <p>
          <FormattedMessage id="footer.rights" values={{ year, site: siteName }} />
        </p>
      }
    />
  );
}

/** The locale routes' element; after a client-side navigation focus goes to the page's heading (A11Y-FOCUS). */
export function SiteLayout() {
  useRouteFocus();
  return (
    <div className={styles.shell}>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <UpdateTextsBlock />
    </div>
  );
}
