export { Eyebrow, Heading, Text, type EyebrowProps, type HeadingProps, type HeadingSize, type TextProps } from './Typography';
