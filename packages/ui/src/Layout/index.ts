export {
  ActionCard,
  Card,
  CenteredPageBody,
  Container,
  Grid,
  Ltr,
  PageBody,
  SectionSubtitle,
  SectionTitle,
  VisuallyHidden,
} from './Layout.styles';
export { Section, type SectionProps } from './Section';
export { Fact, TermValue, type FactProps } from './Fact';
