import type { Meta, StoryObj } from '@storybook/react-vite';
import { WhatIsVpn } from './WhatIsVpn';

const meta = { title: 'Sections/WhatIsVpn', component: WhatIsVpn } satisfies Meta<typeof WhatIsVpn>;
export default meta;
export const Default: StoryObj<typeof meta> = {};
