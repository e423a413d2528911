// Content collections read from ../content (edited by content people, not developers).
