import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon } from '../icons';
import { Card, Section } from '../Layout';
import { media, plainList, stack } from '../theme';

const Layout = styled.div`
  ${stack(8)}
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Text = styled.div`
  ${stack(4)}
  justify-items: start;
  p:first-child {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Points = styled.ul`
  ${plainList}
  ${stack(4)}
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: flex-start;
    font-weight: 600;
  }
  svg {
    color: ${({ theme }) => theme.colors.accent};
    margin-block-start: 2px;
  }
`;

/** What a VPN is, in three points. */
export function WhatIsVpn() {
  const { t } = useTranslation('home');
  return (
    <Section id="what-is-vpn" title={t('whatIsVpn.title')}>
      <Layout>
        <Text>
          <p>{t('whatIsVpn.lead')}</p>
          <p>{t('whatIsVpn.body')}</p>
          <Button to="/buy" variant="secondary" iconEnd="arrowForward">
            {t('whatIsVpn.cta')}
          </Button>
        </Text>
        <Card>
          <Points>
            {(['encrypt', 'hide', 'open'] as const).map((key, index) => (
              <li key={key}>
                <Icon name={(['lock', 'eyeOff', 'globe'] as const)[index]!} size={22} />
                <span>{t(`whatIsVpn.points.${key}`)}</span>
              </li>
            ))}
          </Points>
        </Card>
      </Layout>
    </Section>
  );
}
