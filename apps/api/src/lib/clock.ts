/**
 * The time now. The server reads the real clock here and nowhere else: the app's context holds a clock
 * (`ctx.clock`, this one unless a test gives one it moves), and everything that depends on the date or the
 * time reads that one; command-line tools, which have no context, take this one.
 */
export type Clock = () => Date;

export const realClock: Clock = () => new Date();
