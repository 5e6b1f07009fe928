import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Container } from '../Layout';
import { darkBand, media, stack } from '../theme';

const Band = styled.div`
  ${darkBand}
  &::before {
    background: radial-gradient(120% 140% at 85% 0%, rgba(15, 118, 110, 0.35) 0%, transparent 55%);
  }
  color: ${({ theme }) => theme.colors.heroText};
  padding-block-start: ${({ theme }) => theme.headerHeight + 36}px;
  padding-block-end: ${({ theme }) => theme.space(10)};
`;

const Inner = styled.div`
  ${stack(3)}
  max-inline-size: 760px;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 800;
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;

const Subtitle = styled.p`
  color: ${({ theme }) => theme.colors.heroMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A back link (route) or action shown above the title. */
  back?: { to?: string; onClick?: () => void; label: ReactNode };
  children?: ReactNode;
}

/** The dark band at the top of every page, under the transparent header. */
export function PageHeader({ title, subtitle, back, children }: PageHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <Band>
      <Container>
        <Inner>
          {back ? (
            <div>
              <Button variant="light" size="sm" icon="arrowBack" to={back.to} onClick={back.onClick}>
                {back.label ?? t('actions.back')}
              </Button>
            </div>
          ) : null}
          <Title>{title}</Title>
          {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
          {children}
        </Inner>
      </Container>
    </Band>
  );
}
