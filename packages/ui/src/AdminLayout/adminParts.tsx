/**
 * The console's layout pieces: panels, form grids and action rows, and a block of machine text.
 * The kit's components have a folder each: AdminPageHeader, AdminDataTable, AdminListScreen,
 * AdminDialog, AdminNotice, AdminField, AdminShownOnce, and AdminStory for the stories.
 */
import styled from 'styled-components';
import { media } from '../theme';

/** A white panel of the console. */
export const AdminPanel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(4)};
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
  min-inline-size: 0;
  ${media.md} {
    padding: ${({ theme }) => theme.space(6)};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

/** Form fields in one column, two from 768 px; `$wide` children span both. */
export const FormGrid = styled.div`
  display: grid;
  align-items: start;
  gap: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > [data-wide] {
      grid-column: 1 / -1;
    }
  }
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Buttons side by side in a table cell. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A monospace block of machine text (a token, a config file), always left to right; it scrolls, so it takes focus. */
export const CodeBlock = styled.pre.attrs({ dir: 'ltr', tabIndex: 0 })`
  text-align: start;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  max-block-size: 220px;
  overflow: auto;
  white-space: pre;
`;
