import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '../Layout';
import { Skeleton } from './Skeleton';

function Cards() {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16, padding: 24 }}>
      {[0, 1, 2].map((i) => (
        <Card key={i} style={{ display: 'grid', gap: 12 }}>
          <Skeleton $height="28px" $width="60%" />
          <Skeleton />
          <Skeleton $width="80%" />
          <Skeleton $height="44px" $radius="10px" />
        </Card>
      ))}
    </div>
  );
}

const meta = { title: 'Components/Skeleton', component: Cards } satisfies Meta<typeof Cards>;
export default meta;
export const PlanCards: StoryObj<typeof meta> = {};
