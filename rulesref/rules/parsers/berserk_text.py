FORMAT = 'berserk-text'
def detect(source): return False
def parse(source): raise NotImplementedError
