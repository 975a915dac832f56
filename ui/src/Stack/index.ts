export { Stack, type SpaceStep, type StackProps } from './Stack';
