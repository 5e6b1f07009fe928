import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../icons';
import { useLinkComponent } from '../provider';
import { Spinner } from '../Spinner';
import { StyledAnchor, StyledButton, type ButtonSize, type ButtonVariant } from './Button.styles';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** An in-app route: renders the router link. */
  to?: string;
  /** An external address: opens in a new tab. */
  href?: string;
  icon?: IconName;
  iconEnd?: IconName;
  /** Busy: shows a spinner and blocks clicks. */
  loading?: boolean;
}

/** The product's button: a button, an in-app link (`to`) or an external link (`href`). */
export function Button({
  children,
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  to,
  href,
  icon,
  iconEnd,
  loading = false,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const Link = useLinkComponent();
  const { t } = useTranslation('common');
  const style = { $variant: variant, $size: size, $fullWidth: fullWidth };
  const content = (
    <>
      {loading ? <Spinner size={16} /> : icon ? <Icon name={icon} size={20} /> : null}
      <span>{children}</span>
      {iconEnd && !loading ? <Icon name={iconEnd} size={20} /> : null}
    </>
  );
  if (to !== undefined) {
    return (
      <StyledAnchor
        as={Link}
        to={to}
        {...style}
        className={rest.className}
        onClick={rest.onClick as never}
        aria-label={rest['aria-label']}
      >
        {content}
      </StyledAnchor>
    );
  }
  if (href !== undefined) {
    return (
      <StyledAnchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        {...style}
        className={rest.className}
        aria-label={rest['aria-label']}
        aria-disabled={disabled || undefined}
        onClick={disabled ? (event) => event.preventDefault() : (rest.onClick as never)}
        title={t('a11y.newTab')}
      >
        {content}
      </StyledAnchor>
    );
  }
  return (
    <StyledButton type={type} disabled={disabled || loading} aria-busy={loading || undefined} {...style} {...rest}>
      {content}
    </StyledButton>
  );
}
