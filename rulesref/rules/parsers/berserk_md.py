FORMAT = 'berserk-md'
def detect(source): return False
def parse(source): raise NotImplementedError
