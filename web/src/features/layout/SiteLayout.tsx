/**
 * The one shared layout (SPEC.md §2): skip link, header with navigation, language switcher and
 * sign-in / profile / sign-out, the page, and the footer.
 */
import { Button, Container } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useAppContext } from '../../app/pageData';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './SiteLayout.module.css';

const NAV = [
  { path: '/products', id: 'nav.products' },
  { path: '/how', id: 'nav.how' },
  { path: '/team', id: 'nav.team' },
  { path: '/news', id: 'nav.news' },
] as const;

function AccountActions() {
  const session = useSession();
  const to = useLocalizePath();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!session.signedIn) {
    return (
      <Button asChild variant="secondary">
        <Link to={to('/auth')}>
          <FormattedMessage id="nav.signIn" />
        </Link>
      </Button>
    );
  }
  return (
    <div className={styles.account}>
      <Button asChild variant="ghost">
        <Link to={to('/profile')}>
          <FormattedMessage id="nav.profile" />
        </Link>
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          await session.signOut();
          setBusy(false);
          navigate(to('/'));
        }}
      >
        <FormattedMessage id={busy ? 'nav.signingOut' : 'nav.signOut'} />
      </Button>
    </div>
  );
}

function Header() {
  const intl = useIntl();
  const { siteName } = useAppContext();
  const to = useLocalizePath();
  return (
    <header className={styles.header}>
      <Container className={styles.headerInner}>
        <Link to={to('/')} className={styles.brand} aria-label={intl.formatMessage({ id: 'nav.brandHome' }, { site: siteName })}>
          <span className={styles.logo} aria-hidden="true">
            S
          </span>
          {siteName}
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'nav.primary' })} className={styles.nav}>
          <ul>
            {NAV.map((item) => (
              <li key={item.path}>
                <NavLink to={to(item.path)}>
                  <FormattedMessage id={item.id} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.tools}>
          <LanguageSwitcher />
          <AccountActions />
        </div>
      </Container>
    </header>
  );
}

function Footer() {
  const { siteName, year } = useAppContext();
  const to = useLocalizePath();
  const links = [
    ['/how', 'nav.how'],
    ['/team', 'nav.team'],
    ['/culture', 'nav.culture'],
    ['/techs', 'nav.techs'],
    ['/faq', 'nav.faq'],
    ['/order', 'nav.order'],
    ['/privacy', 'nav.privacy'],
  ] as const;
  return (
    <footer className={styles.footer}>
      <Container className={styles.footerInner}>
        <div>
          <p className={styles.footerBrand}>{siteName}</p>
          <p className={styles.muted}>
            <FormattedMessage id="footer.tagline" />
          </p>
        </div>
        <nav aria-label={useIntl().formatMessage({ id: 'footer.company' })}>
          <ul className={styles.footerLinks}>
            {links.map(([path, id]) => (
              <li key={path}>
                <Link to={to(path)}>
                  <FormattedMessage id={id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.muted}>
          <FormattedMessage id="footer.rights" values={{ year, site: siteName }} />
        </p>
      </Container>
    </footer>
  );
}

/** The locale routes' element. */
export function SiteLayout() {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
