export { WhatIsVpn } from './WhatIsVpn';
