export { Card, CardBody, CardFooter, CardHeader, type CardPartProps, type CardProps } from './Card';
