/** Style sheets imported for their side effect (the self-hosted font faces). */
declare module '*.css';
