import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { AppLink } from '../provider';
import { CONSENT_RECORDED_ATTRIBUTE } from '@separ/domain';
import { media, outlined, stack } from '../theme';

const Root = styled.section`
  position: fixed;
  inset-inline: ${({ theme }) => theme.space(3)};
  inset-block-end: ${({ theme }) => theme.space(3)};
  z-index: ${({ theme }) => theme.zIndex.banner};
  ${stack(4)}
  max-inline-size: 960px;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  ${outlined('lg')}
  box-shadow: ${({ theme }) => theme.shadows.lg};
  ${media.md} {
    grid-template-columns: 1fr auto;
    align-items: center;
  }
  /* A prerendered page served to a visitor who has answered: hidden until the app removes it. */
  html[${CONSENT_RECORDED_ATTRIBUTE}] & {
    display: none;
  }
`;

const Text = styled.div`
  ${stack(1)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface CookieBannerProps {
  onAccept(): void;
  onReject(): void;
}

/** The consent banner at the bottom, shown until the visitor accepts or rejects. */
export function CookieBanner({ onAccept, onReject }: CookieBannerProps) {
  const { t } = useTranslation('common');
  return (
    <Root aria-labelledby="cookie-banner-title" className="not-for-print">
      <Text>
        <h2 id="cookie-banner-title">{t('cookies.title')}</h2>
        <p>
          {t('cookies.message')} <AppLink to="/cookies">{t('cookies.learnMore')}</AppLink>
        </p>
      </Text>
      <Actions>
        <Button variant="secondary" onClick={onReject}>
          {t('cookies.reject')}
        </Button>
        <Button onClick={onAccept}>{t('cookies.accept')}</Button>
      </Actions>
    </Root>
  );
}
