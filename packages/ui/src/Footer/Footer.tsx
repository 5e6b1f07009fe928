import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Container } from '../Layout';
import { EXTERNAL_LINKS } from '../links';
import { AppLink } from '../provider';
import { About, Bottom, Brand, Column, Columns, ColumnTitle, Legal, List, Root } from './Footer.styles';

/** The in-app columns: each link's route and the key of its label. */
const COLUMNS = [
  {
    column: 'product',
    links: {
      '/#features': 'footer.links.features',
      '/buy': 'footer.links.pricing',
      '/download': 'footer.links.download',
      '/free': 'footer.links.free',
    },
  },
  {
    column: 'locations',
    links: {
      '/#usa-vpn': 'footer.locations.usa',
      '/#canada-vpn': 'footer.locations.canada',
      '/#uk-vpn': 'footer.locations.uk',
      '/#australia-vpn': 'footer.locations.australia',
    },
  },
  {
    column: 'resources',
    links: {
      '/install': 'footer.links.install',
      '/support': 'footer.links.support',
      '/login': 'footer.links.login',
      '/panel': 'footer.links.account',
    },
  },
] as const;

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
          {COLUMNS.map(({ column, links }) => (
            <Column key={column} aria-labelledby={`footer-${column}`}>
              <ColumnTitle id={`footer-${column}`}>{t(`footer.columns.${column}`)}</ColumnTitle>
              <List>{Object.entries(links).map(([to, label]) => internal(to, t(label)))}</List>
            </Column>
          ))}
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
