export { Card, Container, Grid, Ltr, SectionSubtitle, SectionTitle, VisuallyHidden } from './Layout.styles';
export { Section, type SectionProps } from './Section';
