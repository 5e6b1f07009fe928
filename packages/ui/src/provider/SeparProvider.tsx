import {
  createContext,
  createElement,
  useContext,
  useMemo,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';
import { StyleSheetManager, ThemeProvider } from 'styled-components';
import { DEFAULT_SHOP_LINKS, type ShopLinks } from '@separ/domain';
import { createTheme } from '../theme/theme';
import { GlobalStyle } from '../theme/GlobalStyle';
import { rtl } from './rtl';

/** The props a router link receives: `to` is an app path such as "/buy" or "/#pricing". */
export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** The default link is a plain anchor; the web app passes its router's link instead. */
function AnchorLink({ to, children, ...rest }: LinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

const LinkContext = createContext<ComponentType<LinkProps>>(AnchorLink);

/** The link component screens use for in-app navigation. */
export function useLinkComponent(): ComponentType<LinkProps> {
  return useContext(LinkContext);
}

/** An in-app link through the router the app provides. */
export function AppLink(props: LinkProps) {
  return createElement(useContext(LinkContext), props);
}

const ShopLinksContext = createContext<ShopLinks>(DEFAULT_SHOP_LINKS);

/**
 * The shop's links (support chat, channel, social profile, bot): the operator's settings, which the
 * web app gives the provider; the defaults the site is built with otherwise (stories, tests).
 */
export function useShopLinks(): ShopLinks {
  return useContext(ShopLinksContext);
}

export interface SeparProviderProps {
  language: 'fa' | 'en';
  darkMode?: boolean;
  /** The router's link component (react-router's Link in the web app). */
  linkComponent?: ComponentType<LinkProps>;
  /** The operator's links (issue 23 §5); the defaults where not given. */
  shopLinks?: ShopLinks;
  children: ReactNode;
}

/**
 * Theme, global styles and writing direction. Components are written with logical properties;
 * for Persian, stylis-plugin-rtl mirrors whatever physical CSS remains.
 */
export function SeparProvider({ language, darkMode = false, linkComponent, shopLinks, children }: SeparProviderProps) {
  const theme = useMemo(() => createTheme(language, darkMode ? 'dark' : 'light'), [language, darkMode]);
  const plugins = useMemo(() => (language === 'fa' ? [rtl] : []), [language]);
  return (
    <StyleSheetManager stylisPlugins={plugins}>
      <ThemeProvider theme={theme}>
        <LinkContext.Provider value={linkComponent ?? AnchorLink}>
          <ShopLinksContext.Provider value={shopLinks ?? DEFAULT_SHOP_LINKS}>
            <GlobalStyle />
            {children}
          </ShopLinksContext.Provider>
        </LinkContext.Provider>
      </ThemeProvider>
    </StyleSheetManager>
  );
}
