#!/usr/bin/env node
// Our driver for machtarok.com's own engine and robots (coder0987/Taroky, its server/ folder),
// run by bench/yardstick_mach.py. None of Mach's code is in our repository: the harness extracts
// its server/ folder into a temporary directory at run time and passes that path here.
//
//   node bench/mach_driver.js <path to Mach's server/ folder>
//
// Protocol: JSON lines. On stdin one command per hand:
//   {"cmd": "hand", "deck": [54 cards, ours: "T22", "HK", "S10", ...], "reference": "normal",
//    "seat": 0..3, "player": "mach" | "mach-<level>" | "external", "seed": <int>}
// On stdout the events of that hand, in Mach's order (cards in our notation, seats = Mach's pn):
//   dealt, prever, prever_talon, draw, pass_talon, discard, partner, money, valat, iote, contra,
//   card (seat, card, legal: the cards Mach's client lets that seat play), end (chips per seat
//   for the hand as Mach scores it, money cards included), or aborted / error.
// With player "external", every card decision of `seat` is an event
//   {"ev": "ask", "seat": s, "legal": [...]}
// answered by one line on stdin: {"card": "T5"} or {"abort": true} (the hand is dropped).
// Mach's room runs synchronously: its robots' submit() timers are replaced by a loop here.
'use strict';

const fs = require('fs');
const path = require('path');

const serverDir = path.resolve(process.argv[2] || '');
if (!fs.existsSync(path.join(serverDir, 'GamePlay.js'))) {
    process.stderr.write(`mach_driver: no Mach server/ folder at ${serverDir}\n`);
    process.exit(2);
}

function out(message) {
    fs.writeSync(1, JSON.stringify(message) + '\n');
}

// Mach's code logs to the console (and deck.possiblePartners prints its list): keep stdout ours.
const quiet = () => {};
const toStderr = (...args) => process.stderr.write(args.map(String).join(' ') + '\n');
for (const name of ['log', 'info', 'warn', 'debug', 'trace']) {
    console[name] = process.env.MACH_DRIVER_VERBOSE ? toStderr : quiet;
}

// Its logger reads a global `rooms` (the server's), and notation.js needs GameManager.INSTANCE.
global.rooms = {};
const SERVER = require(path.join(serverDir, 'logger.js'));
SERVER.logLevel = 0;
const GameManager = require(path.join(serverDir, 'GameManager.js'));
new GameManager();
const Room = require(path.join(serverDir, 'room.js'));
const Deck = require(path.join(serverDir, 'deck.js'));
const Settings = require(path.join(serverDir, 'Settings.js'));
const RobotPlayer = require(path.join(serverDir, 'Player', 'RobotPlayer.js'));
const { DIFFICULTY, ROOM_TYPE, TRUMP_VALUE } = require(path.join(serverDir, 'enums.js'));

const LOGIC = {
    beginner: require(path.join(serverDir, 'Player', 'RobotBeginner.js')),
    easy: require(path.join(serverDir, 'Player', 'RobotEasy.js')),
    normal: require(path.join(serverDir, 'Player', 'RobotNormal.js')),
    hard: require(path.join(serverDir, 'Player', 'RobotHard.js')),
    ruthless: require(path.join(serverDir, 'Player', 'RobotRuthless.js')),
};
const LEVEL = {
    beginner: DIFFICULTY.BEGINNER,
    easy: DIFFICULTY.EASY,
    normal: DIFFICULTY.NORMAL,
    hard: DIFFICULTY.HARD,
    ruthless: DIFFICULTY.RUTHLESS,
};

// -- cards: Mach's {suit, value} and ours (shared/rules/cards.md) ------------------------------

const SUIT_LETTER = { Spade: 'S', Club: 'C', Heart: 'H', Diamond: 'D' };
const LETTER_SUIT = { S: 'Spade', C: 'Club', H: 'Heart', D: 'Diamond' };
const RANK = {
    Ace: '1', Two: '2', Three: '3', Four: '4', Seven: '7', Eight: '8', Nine: '9', Ten: '10',
    Jack: 'J', Rider: 'R', Queen: 'Q', King: 'K',
};
const RED_RANK = { 1: 'Ace', 2: 'Two', 3: 'Three', 4: 'Four', J: 'Jack', R: 'Rider', Q: 'Queen', K: 'King' };
const BLACK_RANK = { 7: 'Seven', 8: 'Eight', 9: 'Nine', 10: 'Ten', J: 'Jack', R: 'Rider', Q: 'Queen', K: 'King' };
const TRUMP_NUMBER = {};
for (const [index, value] of Object.entries(TRUMP_VALUE)) {
    TRUMP_NUMBER[value] = Number(index) + 1;
}

function ours(card) {
    if (card.suit === 'Trump') {
        return 'T' + TRUMP_NUMBER[card.value];
    }
    return SUIT_LETTER[card.suit] + RANK[card.value];
}

function mach(card) {
    if (card[0] === 'T') {
        return { suit: 'Trump', value: TRUMP_VALUE[Number(card.slice(1)) - 1] };
    }
    const suit = LETTER_SUIT[card[0]];
    const rank = card.slice(1);
    const value = (suit === 'Heart' || suit === 'Diamond') ? RED_RANK[rank] : BLACK_RANK[rank];
    if (!suit || !value) {
        throw new Error(`unknown card ${card}`);
    }
    return { suit, value };
}

// -- stdin, read synchronously (Mach's room waits for our answer) ------------------------------

let pending = Buffer.alloc(0);
function readLine() {
    for (;;) {
        const newline = pending.indexOf(10);
        if (newline >= 0) {
            const line = pending.subarray(0, newline).toString();
            pending = pending.subarray(newline + 1);
            return line;
        }
        const chunk = Buffer.alloc(65536);
        let count;
        try {
            count = fs.readSync(0, chunk, 0, chunk.length, null);
        } catch (error) {
            if (error.code === 'EAGAIN') {
                continue;
            }
            if (error.code === 'EOF') {
                return null;
            }
            throw error;
        }
        if (count === 0) {
            return pending.length ? (pending = Buffer.alloc(0), '') : null;
        }
        pending = Buffer.concat([pending, chunk.subarray(0, count)]);
    }
}

// -- the seat under test: its card play replaced ----------------------------------------------

class Abort extends Error {}

let hand = null; // the hand being run: {room, seat, player, legal}
let submitted = false;

// A robot's decision is made at once; Mach then waits botThinkTime before actionCallback.
RobotPlayer.prototype.submit = function submit() {
    submitted = true;
};

function legalCards(cards, lead) {
    return cards.filter((card) => !lead || Deck.isCardPlayable(cards, card, lead));
}

function decideCard(robot, leading, original) {
    const room = robot.room;
    const seat = Number(room.board.nextStep.player);
    const lead = leading ? null : room.board.leadCard;
    const legal = legalCards(robot.hand, lead);
    hand.legal = legal.map(ours);
    if (seat !== hand.seat || hand.player === 'mach') {
        return original.call(robot);
    }
    if (hand.player === 'external') {
        flush(room); // the decision that led here first: Mach asks inside its actionCallback
        out({ ev: 'ask', seat, legal: hand.legal });
        const line = readLine();
        const answer = line ? JSON.parse(line) : { abort: true };
        if (answer.abort) {
            throw new Abort('dropped by the harness');
        }
        const card = legal.find((c) => ours(c) === answer.card);
        if (!card) {
            throw new Error(`seat ${seat} may not play ${answer.card} here (Mach allows ${hand.legal})`);
        }
        robot.info.card = card;
        robot.submit(1);
        return undefined;
    }
    const logic = LOGIC[hand.player.slice('mach-'.length)];
    if (leading) {
        Deck.unGrayCards(robot.hand);
        robot.info.card = logic.robotLead(robot.hand, room);
    } else {
        Deck.grayUnplayables(robot.hand, lead);
        robot.info.card = logic.robotPlay(robot.hand, room);
    }
    robot.submit(1);
    return undefined;
}

const machLead = RobotPlayer.prototype.lead;
const machFollow = RobotPlayer.prototype.follow;
RobotPlayer.prototype.lead = function lead() {
    return decideCard(this, true, machLead);
};
RobotPlayer.prototype.follow = function follow() {
    return decideCard(this, false, machFollow);
};

// -- one hand ---------------------------------------------------------------------------------

function seeded(seed) {
    // Mach's robots draw no random numbers in play; its room draws avatars. Fixed all the same.
    let state = (seed >>> 0) || 1;
    return () => {
        state ^= state << 13;
        state >>>= 0;
        state ^= state >>> 17;
        state ^= state << 5;
        state >>>= 0;
        return state / 4294967296;
    };
}

function event(before, room) {
    const { action, seat, info } = before;
    const board = room.board;
    switch (action) {
        case 'deal':
            return {
                ev: 'dealt',
                hands: room.players.map((p) => p.hand.map(ours)),
                talon: board.talon.map(ours),
                povinnost: board.povinnost,
            };
        case 'callPrever':
        case 'passPrever':
            return { ev: 'prever', seat, call: action === 'callPrever' };
        case 'drawPreverTalon':
            return { ev: 'prever_talon', seat, step: before.step, accept: Boolean(info.accept) };
        case 'drawTalon':
            return { ev: 'draw', seat };
        case 'passTalon':
            return { ev: 'pass_talon', seat };
        case 'discard':
            return { ev: 'discard', seat, card: info.card ? ours(info.card) : null };
        case 'partner':
            return { ev: 'partner', seat, card: ours({ suit: 'Trump', value: board.partnerCard }) };
        case 'povinnostBidaUniChoice':
        case 'moneyCards':
            return { ev: 'money', seat, cards: [...board.moneyCards[seat]] };
        case 'valat':
            return { ev: 'valat', seat, call: Boolean(info.valat) };
        case 'iote':
            return { ev: 'iote', seat, call: Boolean(info.iote) };
        case 'contra':
        case 'preverContra':
        case 'preverValatContra':
        case 'valatContra':
            return { ev: 'contra', seat, call: Boolean(info.contra) };
        case 'lead':
        case 'follow':
            return { ev: 'card', seat, card: ours(info.card), legal: before.legal };
        default:
            return null; // winTrick, countPoints: no decision
    }
}

function flush(room) {
    if (hand.before) {
        const message = event(hand.before, room);
        hand.before = null;
        if (message) {
            out(message);
        }
    }
}

function runHand(command) {
    const level = command.reference || 'normal';
    if (!(level in LEVEL)) {
        throw new Error(`unknown Mach level ${level}`);
    }
    if (command.player !== 'mach' && command.player !== 'external' && !(command.player.slice(5) in LOGIC)) {
        throw new Error(`unknown player ${command.player}`);
    }
    Math.random = seeded(command.seed || 1);
    const deck = new Deck();
    deck.deck = command.deck.map(mach);
    if (deck.deck.length !== 54) {
        throw new Error('a deck of 54 cards, please');
    }
    const settings = new Settings({ difficulty: LEVEL[level], timeout: 0, aceHigh: false });
    const room = new Room({ name: 'yardstick', settings, roomType: ROOM_TYPE.TEST, deck, stop: true });
    hand = { room, seat: command.seat, player: command.player, legal: null, before: null };
    // Mach's engine deals the given deck (talon first, then packets of 6 from pn 0) and finds
    // povinnost (the holder of the II, else the III, ...) as on a room's first hand.
    room.board.nextStep = { player: 0, action: 'deal', time: 0, info: {} };
    let steps = 0;
    submitted = true;
    while (submitted) {
        submitted = false;
        if (++steps > 2000) {
            throw new Error('the hand does not end');
        }
        const next = room.board.nextStep;
        hand.before = {
            action: next.action,
            seat: Number(next.player),
            info: { ...(next.info || {}) },
            step: room.board.preverTalonStep,
            legal: hand.legal,
        };
        room.gameplay.actionCallback();
        flush(room);
    }
    if (room.board.nextStep.action !== 'resetBoard') {
        throw new Error(`Mach's room stopped at ${room.board.nextStep.action} of pn ${room.board.nextStep.player}`);
    }
    out({
        ev: 'end',
        chips: room.players.map((p) => p.chips - 100),
        team: room.players.map((p) => Boolean(p.isTeamPovinnost)),
        prever: room.board.prever,
        partner: room.board.partnerCard,
        contra: room.board.contra,
        tricks: room.board.trickWinCount,
    });
}

out({ ev: 'ready', levels: Object.keys(LEVEL) });
for (;;) {
    const line = readLine();
    if (line === null) {
        break;
    }
    if (!line.trim()) {
        continue;
    }
    const command = JSON.parse(line);
    if (command.cmd !== 'hand') {
        out({ ev: 'error', message: `unknown command ${command.cmd}` });
        continue;
    }
    try {
        runHand(command);
    } catch (error) {
        const aborted = error instanceof Abort;
        out({ ev: aborted ? 'aborted' : 'error', message: aborted ? error.message : String(error.stack || error) });
    } finally {
        hand = null;
    }
}
process.exit(0);
