import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import logoMark from '../assets/logo-mark.svg';
import { useLanguage } from '../i18n/use-language';
import classes from './site-chrome.module.css';

/** The Jammy mark and name, linking home. */
export function BrandLink() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <Link to={to('/')} className={classes.brand} aria-label={t('nav.homeLabel')}>
      <img src={logoMark} alt="" />
      <span>{t('app.name')}</span>
    </Link>
  );
}
