export { Badge, StateBadge, type BadgeLook, type BadgeProps, type BadgeTone, type StateBadgeProps } from './Badge';
