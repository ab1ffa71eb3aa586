/** Structures: creating, editing, deleting, rights, machines and their grants. */
export const clusters = {}
