/**
 * Passwords people pick first, refused for new passwords (NIST SP 800-63B 3.1.1.2: check against
 * "commonly-used, expected, or compromised values", dictionary words and context-specific words).
 *
 * The list is compact and written for Hestia: stems (words, names, keyboard walks) that the policy's
 * upper-case letter and digit are usually bolted onto. A password is common when, lower-cased, it is
 * a stem with its letters swapped for look-alike digits and symbols undone (P@ssw0rd), followed by an
 * ordinary ending: nothing, up to three digits, a year, a counting run (1234…), each optionally with
 * one symbol (Password1!, Summer2024, Qwerty123). Together these stand for several thousand
 * passwords that pass the length and character rules. Longer phrases are not touched, so a
 * passphrase of common words stays allowed.
 */
const STEMS = `
password passwort passwd pass pasword passw0rd letmein welcome welcome1 admin administrator
root user login guest test tester testing master changeme default qwerty qwertz azerty qwertyuiop
asdf asdfgh asdfghjkl zxcvbn zxcvbnm qazwsx qweasd abc abcd abcde abcdef abcdefgh abc123 aaa aaaa
aaaaaa iloveyou loveyou love lover loveme iloveu trustno1 trustno sunshine princess prince dragon
monkey shadow master superman batman spiderman ironman starwars pokemon naruto football soccer
baseball basketball hockey tennis golfer golf cricket rugby chelsea arsenal liverpool barcelona
madrid realmadrid juventus galatasaray fenerbahce besiktas persepolis esteghlal michael jennifer
jordan michelle jessica ashley daniel david andrew joshua matthew anthony thomas charlie robert
william george harry hannah sophie emma olivia mohammad mohammed muhammad ahmad ahmed ali fatima
hassan hossein hussein reza zahra maryam sara sarah mehmet mustafa ayse fatma elif emre can
hello hellohello freedom whatever nothing something friends friend family mother father mommy
daddy baby babygirl babyboy angel angels flower flowers summer winter spring autumn fall january
february march april june july august september october november december monday tuesday friday
sunday weekend computer internet google yahoo facebook instagram twitter microsoft windows apple
samsung iphone android linux ubuntu server network wifi router office company business money
dollar bitcoin crypto gold silver diamond cookie chocolate banana orange cherry coffee pizza
cheese butter honey sugar peanut pepper ginger tiger lion eagle falcon shark wolf panther jaguar
dolphin horse pony kitty kitten puppy doggy buster bailey buddy max maxwell lucky ginger snoopy
hunter killer ninja pirate samurai knight wizard merlin gandalf matrix thunder lightning storm
rainbow sunny moon star stars galaxy universe heaven hell devil jesus christ god allah blessed
blessing faith hope peace happy smile funny cool awesome amazing perfect beautiful pretty sweet
sweetheart honeybunny darling sexy hottie lovely precious treasure magic mystery secretpass
access open opensesame sesame security secure safe private personal manager support service
system control home house myhome smarthome hestia hestiahome homeassistant alexa mydevice device
door lock garage kitchen living bedroom mylove myname mypassword mypass newpassword newpass
oldpassword temp temppass temporary qwe qwer qwert asd zxc zaq zaq1 1qaz2wsx q1w2e3r4 1q2w3e4r
1q2w3e q1w2e3 zaq12wsx qazwsxedc qwe123 asd123 zxc123 a1b2c3 a1b2c3d4 aa123 abcd123 pass123
admin123 test123 user123 root123 login123 welcome123 letmein123 master123 iloveyou123 love123
hello123 monkey123 dragon123 football123 qwerty123 password123 passw0rd123 computer123 internet123
london paris berlin istanbul ankara tehran dubai cairo newyork chicago toronto sydney tokyo
america canada england germany france turkey turkiye iran iraq egypt india china japan brazil
mexico italy spain russia liberty victory winner champion legend hero superstar rockstar
music guitar piano dance singer movie cinema game gamer gaming player playstation xbox nintendo
minecraft fortnite roblox warcraft diablo zelda mario sonic snake spider butterfly rose lily
daisy jasmine violet ocean river mountain forest nature earth fire water
`;

const SEQUENCES = [
  '1234',
  '12345',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0000',
  '1111',
];

const stems = new Set(STEMS.split(/\s+/).filter((w) => w.length >= 3));

/** Look-alike characters back to letters; 1 may stand for i or l. */
const LOOK_ALIKE: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

function undoLookAlikes(stem: string): string[] {
  const base = [...stem].map((c) => LOOK_ALIKE[c] ?? c).join('');
  return base.includes('1') ? [base.replaceAll('1', 'i'), base.replaceAll('1', 'l'), base] : [base];
}

/** An ordinary ending: up to three digits, a year, a counting run; then at most one symbol. */
const ENDING =
  /(?:\d{1,3}|19\d\d|20\d\d|1234|12345|123456|1234567|12345678|123456789|0000|1111)?[!@#$%&*.?]?$/;

function isStem(s: string): boolean {
  if (stems.has(s)) return true;
  return undoLookAlikes(s).some((v) => stems.has(v));
}

/** True when `password` is a common choice (see above); case does not matter. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (SEQUENCES.includes(lower) || isStem(lower)) return true;
  // Every split of the password into a stem and an ordinary ending.
  for (let cut = lower.length - 1; cut >= 3 && cut >= lower.length - 10; cut--) {
    const ending = lower.slice(cut);
    const match = ENDING.exec(ending);
    if (match?.index !== 0) continue;
    if (isStem(lower.slice(0, cut))) return true;
  }
  return false;
}
