// The home of the shell (spec 3 §2: "/main is the home").
export const homePath = '/main';
