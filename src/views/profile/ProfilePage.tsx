export const ProfilePage = () => null
