/** Sends the browser to a gateway or bank page (a seam for tests): the payment page's and the wallet's top-up. */
export const gatewayNavigation = {
  go(url: string) {
    window.location.assign(url);
  },
};
