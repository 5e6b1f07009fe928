import styled from 'styled-components';
import { ManualImportSteps } from './ManualImportSteps';
import { cluster, media, outlined, plainList, stack } from '../theme';

export const AppList = styled.ul`
  ${stack(3)}
  ${plainList}
  margin-block-start: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

export const AppItem = styled.li`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('lg', 'surface')}
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const AppActions = styled.div`
  ${cluster(2)}
`;

export const Steps = styled(ManualImportSteps)`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.8;
`;
