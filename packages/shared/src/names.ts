/** A person's name as shown, on every screen and in every mail: their display name, else their username. */
export function personName(person: { displayName: string; username: string }): string {
  return person.displayName.trim() || person.username;
}
