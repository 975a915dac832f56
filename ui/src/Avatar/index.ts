export { Avatar, getInitials, type AvatarImageStatus, type AvatarProps } from './Avatar';
