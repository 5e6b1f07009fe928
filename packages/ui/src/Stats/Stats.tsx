import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon } from '../icons';
import { Section } from '../Layout';
import { cluster, media, stack } from '../theme';

const KEYS = ['servers', 'locations', 'uptime', 'devices', 'support'] as const;
/** The popular locations the footer links to (#usa-vpn …). */
const LOCATIONS = [
  { id: 'usa-vpn', key: 'usa' },
  { id: 'canada-vpn', key: 'canada' },
  { id: 'uk-vpn', key: 'uk' },
  { id: 'australia-vpn', key: 'australia' },
] as const;

const Numbers = styled.dl`
  ${stack(6)}
  grid-template-columns: repeat(2, 1fr);
  margin: 0;
  text-align: center;
  ${media.md} {
    grid-template-columns: repeat(5, 1fr);
  }
  div {
    ${stack(1)}
  }
  dt {
    order: 2;
    color: ${({ theme }) => theme.colors.heroMuted};
  }
  dd {
    order: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.heroText};
  }
`;

const Places = styled.ul`
  ${cluster(3)}
  justify-content: center;
  list-style: none;
  margin: ${({ theme }) => theme.space(9)} 0 0;
  padding: 0;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding-block: ${({ theme }) => theme.space(2)};
    padding-inline: ${({ theme }) => theme.space(4)};
    border: 1px solid rgba(255, 255, 255, 0.22);
    border-radius: ${({ theme }) => theme.radii.pill};
    scroll-margin-block-start: ${({ theme }) => theme.headerHeight + 16}px;
  }
`;

/** The numbers behind the claims, and the popular locations. */
export function Stats() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <Section id="stats" title={t('stats.title')} tone="dark">
      <Numbers>
        {KEYS.map((key) => (
          <div key={key}>
            <dt>{t(`stats.${key}.label`)}</dt>
            <dd>{t(`stats.${key}.value`)}</dd>
          </div>
        ))}
      </Numbers>
      <Places aria-label={t('common:footer.columns.locations')}>
        {LOCATIONS.map(({ id, key }) => (
          <li key={id} id={id}>
            <Icon name="globe" size={18} />
            {t(`common:footer.locations.${key}`)}
          </li>
        ))}
      </Places>
    </Section>
  );
}
