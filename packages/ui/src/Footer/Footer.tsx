import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Container } from '../Layout';
import { EXTERNAL_LINKS } from '../links';
import { AppLink } from '../provider';
import { About, Bottom, Brand, Column, Columns, ColumnTitle, Legal, List, Root } from './Footer.styles';

export interface FooterProps {
  onToggleLanguage(): void;
  /** The year of the copyright line (the page passes it; components read no clock). */
  year: number;
}

/** The site footer: five columns, the location anchors, free tools, legal links and a language toggle. */
export function Footer({ onToggleLanguage, year }: FooterProps) {
  const { t } = useTranslation('common');
  const { digits } = useFormat();
  const internal = (to: string, label: string) => (
    <li key={to}>
      <AppLink to={to}>{label}</AppLink>
    </li>
  );
  return (
    <Root className="not-for-print">
      <Container>
        <Columns>
          <About>
            <Brand>
              <Icon name="shieldCheck" size={30} />
              {t('brand.name')}
            </Brand>
            <p>{t('footer.about')}</p>
            <div>
              <Button
                variant="light"
                size="sm"
                icon="globe"
                onClick={onToggleLanguage}
                aria-label={`${t('language.toggle')}: ${t('language.switchTo')}`}
              >
                {t('language.switchTo')}
              </Button>
            </div>
          </About>
          <Column aria-labelledby="footer-product">
            <ColumnTitle id="footer-product">{t('footer.columns.product')}</ColumnTitle>
            <List>
              {internal('/#features', t('footer.links.features'))}
              {internal('/buy', t('footer.links.pricing'))}
              {internal('/download', t('footer.links.download'))}
              {internal('/free', t('footer.links.free'))}
            </List>
          </Column>
          <Column aria-labelledby="footer-locations">
            <ColumnTitle id="footer-locations">{t('footer.columns.locations')}</ColumnTitle>
            <List>
              {internal('/#usa-vpn', t('footer.locations.usa'))}
              {internal('/#canada-vpn', t('footer.locations.canada'))}
              {internal('/#uk-vpn', t('footer.locations.uk'))}
              {internal('/#australia-vpn', t('footer.locations.australia'))}
            </List>
          </Column>
          <Column aria-labelledby="footer-resources">
            <ColumnTitle id="footer-resources">{t('footer.columns.resources')}</ColumnTitle>
            <List>
              {internal('/install', t('footer.links.install'))}
              {internal('/support', t('footer.links.support'))}
              {internal('/login', t('footer.links.login'))}
              {internal('/panel', t('footer.links.account'))}
            </List>
          </Column>
          <Column aria-labelledby="footer-tools">
            <ColumnTitle id="footer-tools">{t('footer.columns.tools')}</ColumnTitle>
            <List>
              {(Object.keys(EXTERNAL_LINKS.tools) as Array<keyof typeof EXTERNAL_LINKS.tools>).map((key) => (
                <li key={key}>
                  <a href={EXTERNAL_LINKS.tools[key]} target="_blank" rel="noopener noreferrer">
                    {t(`footer.tools.${key}`)}
                  </a>
                </li>
              ))}
            </List>
          </Column>
        </Columns>
        <Bottom>
          <p>{t('footer.copyright', { year: digits(year) })}</p>
          <Legal aria-label={t('footer.columns.company')}>
            {internal('/privacy-policy', t('footer.legal.privacy'))}
            {internal('/terms-of-use', t('footer.legal.terms'))}
            {internal('/cookies', t('footer.legal.cookies'))}
          </Legal>
        </Bottom>
      </Container>
    </Root>
  );
}
