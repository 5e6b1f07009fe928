import styled from 'styled-components';
import { IconList } from '../IconList';
import { cluster, darkBand, media, stack } from '../theme';

export const Band = styled.section`
  ${darkBand}
  overflow: hidden;
  &::before {
    background:
      radial-gradient(90% 120% at 90% 10%, rgba(29, 78, 216, 0.45) 0%, transparent 60%),
      radial-gradient(80% 100% at 0% 100%, rgba(15, 118, 110, 0.4) 0%, transparent 55%);
  }
  color: ${({ theme }) => theme.colors.heroText};
  padding-block: ${({ theme }) => theme.headerHeight + 48}px ${({ theme }) => theme.space(12)};
`;

export const Layout = styled.div`
  ${stack(10)}
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1.15fr 0.85fr;
  }
`;

export const Copy = styled.div`
  ${stack(5)}
  justify-items: start;
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  font-weight: 800;
  line-height: 1.2;
`;

export const Subtitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.heroMuted};
  max-inline-size: 620px;
`;

export const Ctas = styled.div`
  ${cluster(3)}
`;

export const Highlights = styled(IconList)`
  color: ${({ theme }) => theme.colors.heroText};
  svg {
    color: #5eead4;
  }
`;

export const Art = styled.div`
  display: none;
  justify-self: center;
  ${media.lg} {
    display: block;
  }
`;
